/**
 * Names one kind of object a network keeps between calls (Facebook videos, Instagram containers,
 * X media), and the type of its objects. A network declares its keys in its own folder.
 */
export interface CollectionKey<T> {
  readonly name: string;
  /** Carries the object type only; never set. */
  readonly type?: T;
}

export function collectionKey<T>(name: string): CollectionKey<T> {
  return { name };
}

/**
 * Objects the emulated networks keep between calls, other than what the published log records,
 * by collection and id. Callers mutate the objects they get (a video's status advances in place).
 */
export class ObjectCollections {
  private readonly collections = new Map<string, Map<string, unknown>>();

  of<T>(key: CollectionKey<T>): Map<string, T> {
    let collection = this.collections.get(key.name);
    if (!collection) {
      collection = new Map();
      this.collections.set(key.name, collection);
    }
    return collection as Map<string, T>;
  }

  clear(): void {
    this.collections.clear();
  }

  /** Collection name → id → object; the objects are plain data (numbers for times, no Dates). */
  toJSON(): Record<string, Record<string, unknown>> {
    const data: Record<string, Record<string, unknown>> = {};
    for (const [name, collection] of this.collections) data[name] = Object.fromEntries(collection);
    return data;
  }

  load(data: Record<string, Record<string, unknown>>): void {
    this.collections.clear();
    for (const [name, objects] of Object.entries(data)) this.collections.set(name, new Map(Object.entries(objects)));
  }
}
