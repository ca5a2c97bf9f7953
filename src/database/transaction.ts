import type { EntityManager } from 'typeorm';

/**
 * An open transaction, as `Database.transaction()` hands it out. Services hold it and pass it to
 * stores; only stores (and src/database) run statements in it. It is TypeORM's transactional
 * EntityManager by type, but services never import EntityManager (a lint rule refuses it), so what
 * a service can do with one is pass it on.
 */
export type Transaction = EntityManager;
