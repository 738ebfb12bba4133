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
});
