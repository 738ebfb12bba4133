import { expect } from 'chai';
import { assertServable, loadSettings, SettingsError } from '../../../infra/config/settings';

function expectSettingsError(env: Record<string, string>, variable: string): void {
  try {
    loadSettings(env);
  } catch (error) {
    expect(error).to.be.instanceOf(SettingsError);
    expect((error as SettingsError).variable).to.equal(variable);
    expect((error as Error).message).to.contain(variable);
    return;
  }
  expect.fail(`expected a SettingsError for ${variable}`);
}

describe('Settings from the environment', function () {
  it('applies the documented defaults when nothing is set', function () {
    const settings = loadSettings({});
    expect(settings).to.include({ host: '0.0.0.0', port: 8000, debug: false, apiKey: undefined, databaseUrl: undefined, workersInProcess: true });
    expect(settings.kafkaBrokers).to.equal(undefined);
  });

  it('reads explicit values', function () {
    const settings = loadSettings({
      HOST: '127.0.0.1', PORT: '9001', DEBUG: 'true', API_KEY: 'k', DATABASE_URL: 'postgres://u@h:5432/d',
      EVENTSTORE_URL: 'esdb://es:2113?tls=false', KAFKA_BROKERS: 'k1:9092, k2:9092',
    });
    expect(settings).to.include({ host: '127.0.0.1', port: 9001, debug: true, apiKey: 'k', eventStoreUrl: 'esdb://es:2113?tls=false' });
    expect(settings.kafkaBrokers).to.deep.equal(['k1:9092', 'k2:9092']);
  });

  it('names the variable of every bad value', function () {
    expectSettingsError({ PORT: 'eighty' }, 'PORT');
    expectSettingsError({ PORT: '70000' }, 'PORT');
    expectSettingsError({ DEBUG: 'maybe' }, 'DEBUG');
    expectSettingsError({ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL');
    expectSettingsError({ EVENTSTORE_URL: 'not a url' }, 'EVENTSTORE_URL');
    expectSettingsError({ KAFKA_BROKERS: 'kafka' }, 'KAFKA_BROKERS');
    expectSettingsError({ LOG_LEVEL: 'loud' }, 'LOG_LEVEL');
  });

  it('refuses to serve with DEBUG=false and no API_KEY, and allows either remedy', function () {
    expect(() => assertServable(loadSettings({}))).to.throw(SettingsError, 'API_KEY');
    expect(() => assertServable(loadSettings({ API_KEY: 'secret' }))).not.to.throw();
    expect(() => assertServable(loadSettings({ DEBUG: 'true' }))).not.to.throw();
  });

  it('applies the spec defaults of §1, §5 and §8', function () {
    const settings = loadSettings({});
    expect(settings).to.include({
      openapiEnabled: false, queueBrokerUrl: 'redis://127.0.0.1:6379/0', queueResultBackend: 'redis://127.0.0.1:6379/0',
      useCache: true, dashboardCspMode: 'off', authMode: 'local', rateLimitRequests: 60, rateLimitWindowSeconds: 60,
      rateLimitStoreUrl: 'redis://127.0.0.1:6379/0', rateLimitFailClosed: false, maxRequestBodyBytes: 10_485_760,
      workspacePublicUrl: 'http://localhost:8000', biomedLegacyProjection: false,
    });
    expect(settings.corsOrigins).to.deep.equal(['http://localhost:3000']);
    expect(settings.smtp).to.deep.include({ port: 587, useTls: true, from: 'evidence-alerts@localhost' });
    expect(settings.localAuthUsers).to.deep.equal({});
    expect(settings.workspaceDbPath).to.match(/data\/evidence_workspace\.sqlite3$/);
  });

  it('derives defaults from other variables the way the spec says', function () {
    expect(loadSettings({ DEBUG: 'true' }).openapiEnabled).to.equal(true);
    expect(loadSettings({ DEBUG: 'true', OPENAPI_ENABLED: 'false' }).openapiEnabled).to.equal(false);
    const broker = loadSettings({ QUEUE_BROKER_URL: 'redis://queue:6379/2' });
    expect(broker).to.include({ queueResultBackend: 'redis://queue:6379/2', rateLimitStoreUrl: 'redis://queue:6379/2' });
    expect(loadSettings({ QUEUE_BROKER_URL: 'redis://queue:6379/2', STORE_RATE_LIMIT_URL: 'redis://limits:6379/0' }).rateLimitStoreUrl).to.equal('redis://limits:6379/0');
    expect(loadSettings({ ALERT_SMTP_USERNAME: 'alerts@lab.example' }).smtp.from).to.equal('alerts@lab.example');
    expect(loadSettings({ DASHBOARD_CSP: 'true' }).dashboardCspMode).to.equal('enforce');
    expect(loadSettings({ DASHBOARD_CSP: 'true', DASHBOARD_CSP_MODE: 'report-only' }).dashboardCspMode).to.equal('report-only');
    expect(loadSettings({ BIOMED_LEGACY_PROJECTION: '1' }).biomedLegacyProjection).to.equal(true);
  });

  it('reads local accounts as a JSON map or as user=password pairs', function () {
    expect(loadSettings({ LOCAL_AUTH_USERS: '{"alice":"wonder","bob":"builder"}' }).localAuthUsers).to.deep.equal({ alice: 'wonder', bob: 'builder' });
    expect(loadSettings({ LOCAL_AUTH_USERS: 'alice=wonder, bob=b=uilder' }).localAuthUsers).to.deep.equal({ alice: 'wonder', bob: 'b=uilder' });
  });

  it('names the variable of every bad security or limit setting', function () {
    expectSettingsError({ LOCAL_AUTH_USERS: '{"alice":' }, 'LOCAL_AUTH_USERS');
    expectSettingsError({ LOCAL_AUTH_USERS: '{"alice":42}' }, 'LOCAL_AUTH_USERS');
    expectSettingsError({ LOCAL_AUTH_USERS: 'alice' }, 'LOCAL_AUTH_USERS');
    expectSettingsError({ AUTH_MODE: 'ldap' }, 'AUTH_MODE');
    expectSettingsError({ AUTH_TRUSTED_PROXY_IPS: '10.0.0.1, proxy.local' }, 'AUTH_TRUSTED_PROXY_IPS');
    expectSettingsError({ CORS_ORIGINS: 'ftp://files.example' }, 'CORS_ORIGINS');
    expectSettingsError({ RATE_LIMIT_REQUESTS: '-1' }, 'RATE_LIMIT_REQUESTS');
    expectSettingsError({ RATE_LIMIT_WINDOW: '0' }, 'RATE_LIMIT_WINDOW');
    expectSettingsError({ MAX_REQUEST_BODY_BYTES: 'lots' }, 'MAX_REQUEST_BODY_BYTES');
    expectSettingsError({ STORE_RATE_LIMIT_URL: 'http://redis' }, 'STORE_RATE_LIMIT_URL');
    expectSettingsError({ DASHBOARD_CSP_MODE: 'strict' }, 'DASHBOARD_CSP_MODE');
    expectSettingsError({ ALERT_SMTP_PORT: '0' }, 'ALERT_SMTP_PORT');
    expectSettingsError({ WORKSPACE_PUBLIC_URL: 'javascript:alert(1)' }, 'WORKSPACE_PUBLIC_URL');
    expectSettingsError({ JOB_SOFT_TIME_LIMIT_SECONDS: '700' }, 'JOB_SOFT_TIME_LIMIT_SECONDS');
  });
});
