import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Pool } from 'pg';
import { DataSource, EntityManager, QueryFailedError } from 'typeorm';
import { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';

/**
 * Hot statements (a delivery's claim, its published state with its event) as named prepared
 * statements: PostgreSQL parses and plans each once per connection instead of on every call, and
 * planning them cost as much as running them. A statement inside a transaction runs on that
 * transaction's connection as an ordinary one.
 *
 * A prepared statement must keep its result's shape: select named columns, never `*`, so that a
 * migration adding a column does not break the statements of a process already running.
 */
@Injectable()
export class PreparedStatements {
  private readonly names = new Map<string, string>();

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async query<Row>(sql: string, params: unknown[], runner?: EntityManager): Promise<Row[]> {
    if (runner?.queryRunner) return runner.query(sql, params) as Promise<Row[]>;
    const pool = (this.dataSource.driver as PostgresDriver).master as Pool;
    try {
      return (await pool.query({ name: this.nameOf(sql), text: sql, values: params })).rows as Row[];
    } catch (error) {
      // As TypeORM reports a failed query, so callers (and the outage detection) see one kind. The
      // driver's error is kept as it is, with its code (`instanceof Error` is not enough: an error
      // made in another realm, as Node's network errors are under Jest, would lose it).
      const driverError = typeof error === 'object' && error !== null ? (error as Error) : new Error(String(error));
      // Told to TypeORM's logger as its own failed statements are (the metrics count them there).
      this.dataSource.logger.logQueryError(driverError, sql, params);
      throw new QueryFailedError(sql, params, driverError);
    }
  }

  /** A name per distinct text: pg keeps one prepared statement per name on each connection. */
  private nameOf(sql: string): string {
    let name = this.names.get(sql);
    if (!name) {
      name = `hot_${createHash('sha256').update(sql).digest('hex').slice(0, 24)}`;
      this.names.set(sql, name);
    }
    return name;
  }
}
