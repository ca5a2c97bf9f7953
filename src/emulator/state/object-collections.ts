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
}
