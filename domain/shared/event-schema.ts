// Event schema versions. Every event type declares the version of the shape this code writes and, for
// each older version still in the log, a pure upcaster that lifts it one step (v1 -> v2 -> ...). The
// event store's versioned reader applies the chain, so deciders, projections and processors only ever
// see current shapes; the log itself is never rewritten. How to add a version: docs/event-versioning.md.

/** Lifts one event's data from version n to version n + 1. Pure; must not mutate its input. */
export type Upcaster = (data: unknown) => unknown;

export interface EventSchema {
  /** The version this code writes (and the only one readers see). */
  readonly current: number;
  /** upcasters[n] lifts version n to n + 1; one for every n from 1 to current - 1. */
  readonly upcasters?: Readonly<Record<number, Upcaster>>;
}

/** A capability's declaration: one schema per type of its event union (a missing type does not compile). */
export type EventSchemas<Type extends string> = { readonly [T in Type]: EventSchema };

/** Events stored before versioning carry no version: they are version 1. */
export const UNVERSIONED = 1;

/**
 * The stored version is one this code cannot read: newer than it knows (written by a newer release
 * during a rolling deploy) or not a positive integer. Refused rather than passed through, so an older
 * process never folds or projects a shape it does not understand; its readers retry until it is upgraded.
 */
export class EventVersionError extends Error {
  override name = 'EventVersionError';
  constructor(readonly eventType: string, readonly storedVersion: unknown, readonly currentVersion: number) {
    super(`event ${eventType} is stored as version ${String(storedVersion)}; this code reads up to version ${currentVersion}`);
  }
}

export interface Upcast {
  data: unknown;
  /** The version `data` is in now: the current one for known types, the stored one for unknown types. */
  version: number;
}

/** Every event type the service knows, with its current version and upcaster chain. */
export class EventSchemaRegistry {
  private readonly schemas = new Map<string, EventSchema>();

  constructor(declarations: readonly Readonly<Record<string, EventSchema>>[]) {
    for (const declaration of declarations) {
      for (const [type, schema] of Object.entries(declaration)) {
        if (this.schemas.has(type)) throw new Error(`event type ${type} is declared twice`);
        checkChain(type, schema);
        this.schemas.set(type, schema);
      }
    }
  }

  knows(type: string): boolean {
    return this.schemas.has(type);
  }

  /** The version appends of this type are stamped with; undefined for a type nobody declared. */
  currentVersion(type: string): number | undefined {
    return this.schemas.get(type)?.current;
  }

  types(): string[] {
    return [...this.schemas.keys()];
  }

  /** Lifts stored data to the current shape; unknown types come back untouched. */
  upcast(type: string, data: unknown, storedVersion: unknown = UNVERSIONED): Upcast {
    const schema = this.schemas.get(type);
    if (!schema) return { data, version: typeof storedVersion === 'number' ? storedVersion : UNVERSIONED };
    if (!Number.isSafeInteger(storedVersion) || (storedVersion as number) < 1 || (storedVersion as number) > schema.current) {
      throw new EventVersionError(type, storedVersion, schema.current);
    }
    let lifted = data;
    for (let version = storedVersion as number; version < schema.current; version++) lifted = schema.upcasters![version]!(lifted);
    return { data: lifted, version: schema.current };
  }
}

function checkChain(type: string, schema: EventSchema): void {
  if (!Number.isSafeInteger(schema.current) || schema.current < 1) throw new Error(`event type ${type}: current version must be a positive integer`);
  for (let version = 1; version < schema.current; version++) {
    if (typeof schema.upcasters?.[version] !== 'function') throw new Error(`event type ${type}: no upcaster from version ${version} to ${version + 1}`);
  }
}
