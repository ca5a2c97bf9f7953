import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityTarget, ObjectLiteral, Repository } from 'typeorm';
import { PreparedStatements } from './prepared-statements';
import { asTransaction, managerOf, Transaction } from './transaction';

/** A statement's outcome: the rows it returned (a SELECT, or any statement's RETURNING) and how many rows it changed. */
export interface Executed<Row> {
  rows: Row[];
  /** Rows inserted, updated or deleted (for a SELECT, rows returned). */
  affected: number;
}

/** A periodic scan's outcome: skipped when another instance held its lock (that scan covers the same rows). */
export type LockedScanResult<T extends object> = { ran: false } | ({ ran: true } & T);

/**
 * The one way to Postgres for stores, and the one way to a transaction for services. Services open
 * transactions here and hand them to stores; stores run their statements here, in the transaction
 * when one is given, otherwise on a pooled connection. Each statement answers one shape
 * (`rows`/`execute`), whatever TypeORM answers for its command, so no caller casts a result.
 */
@Injectable()
export class Database {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly prepared: PreparedStatements,
  ) {}

  /** Runs `work` in one transaction (READ COMMITTED), committed when it resolves and rolled back when it throws. */
  transaction<T>(work: (transaction: Transaction) => Promise<T>): Promise<T> {
    return this.dataSource.transaction((manager) => work(asTransaction(manager)));
  }

  /**
   * Runs one periodic scan (a due query and the jobs it queues) in a transaction that holds the
   * transaction-scoped advisory lock `lockId` (see advisory-locks.ts). Many instances may scan at
   * once: the lock lets one of them through and the others skip, and it is released when the
   * transaction ends, also on a crash.
   */
  lockedScan<T extends object>(
    lockId: number,
    work: (transaction: Transaction) => Promise<T>,
  ): Promise<LockedScanResult<T>> {
    return this.transaction(async (transaction): Promise<LockedScanResult<T>> => {
      const [{ locked }] = await this.rows<{ locked: boolean }>(
        'SELECT pg_try_advisory_xact_lock($1) AS locked',
        [lockId],
        transaction,
      );
      if (!locked) return { ran: false };
      return { ran: true, ...(await work(transaction)) };
    });
  }

  /** The rows a statement returns (a SELECT, or RETURNING), in `transaction` when given. */
  async rows<Row>(sql: string, params: readonly unknown[], transaction?: Transaction): Promise<Row[]> {
    return (await this.execute<Row>(sql, params, transaction)).rows;
  }

  /** A statement's rows and the number of rows it changed, in `transaction` when given. */
  async execute<Row = never>(
    sql: string,
    params: readonly unknown[],
    transaction?: Transaction,
  ): Promise<Executed<Row>> {
    const open = transaction && managerOf(transaction).queryRunner;
    const runner = open ?? this.dataSource.createQueryRunner();
    try {
      const result = await runner.query(sql, [...params], true);
      return { rows: (result.records ?? []) as Row[], affected: result.affected ?? result.records?.length ?? 0 };
    } finally {
      if (!open) await runner.release();
    }
  }

  /**
   * A hot statement as a named prepared statement (see PreparedStatements): planned once per
   * connection. Select named columns, never `*`. In a transaction it runs as an ordinary statement.
   */
  hot<Row>(sql: string, params: readonly unknown[], transaction?: Transaction): Promise<Row[]> {
    return this.prepared.query<Row>(sql, [...params], transaction && managerOf(transaction));
  }

  /** TypeORM's repository of an entity, in `transaction` when given, for stores that read and write whole entities. */
  repository<Entity extends ObjectLiteral>(
    entity: EntityTarget<Entity>,
    transaction?: Transaction,
  ): Repository<Entity> {
    return (transaction ? managerOf(transaction) : this.dataSource.manager).getRepository(entity);
  }
}
