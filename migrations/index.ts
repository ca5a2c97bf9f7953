import { Foundation1795288968631 } from './1795288968631-foundation';

/** Every migration, oldest first. Listed explicitly so the same list works from ts and compiled js. */
export const MIGRATIONS = [Foundation1795288968631];
