import { getMetadataStorage } from 'class-validator';

/** One class-validator rule on a property, as the metadata storage holds it. */
export interface ValidationRule {
  property: string;
  /** isDefined, maxLength, arrayMaxSize, matches, isIn, …; conditionalValidation rules are left out. */
  name: string;
  constraints: unknown[];
  /** Applies to each item of an array. */
  each: boolean;
}

/** A class, as the storage keys it. */
export type ValidatedClass = abstract new (...args: never[]) => unknown;

interface StoredMetadata {
  propertyName: string;
  type: string;
  name?: string;
  constraints?: unknown[];
  each?: boolean;
}

/** Every class that declares class-validator rules (among the modules loaded so far), with its own rules. */
export function validatedClasses(): Map<ValidatedClass, ValidationRule[]> {
  // The storage keeps its classes in a map it does not expose; the rules themselves are its public shape.
  const storage = getMetadataStorage() as unknown as { validationMetadatas: Map<ValidatedClass, StoredMetadata[]> };
  const classes = new Map<ValidatedClass, ValidationRule[]>();
  for (const [target, metadatas] of storage.validationMetadatas) {
    classes.set(
      target,
      metadatas
        .filter((metadata) => metadata.type !== 'conditionalValidation' && metadata.type !== 'nestedValidation')
        .map((metadata) => ({
          property: metadata.propertyName,
          name: metadata.name ?? metadata.type,
          constraints: metadata.constraints ?? [],
          each: metadata.each === true,
        })),
    );
  }
  return classes;
}
