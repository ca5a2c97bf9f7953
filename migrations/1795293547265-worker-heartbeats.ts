import { MigrationInterface, QueryRunner } from 'typeorm';

/** Liveness of job workers, so the jobs and queues of a crashed worker are unlocked in a minute, not four hours. */
export class WorkerHeartbeats1795293547265 implements MigrationInterface {
  name = 'WorkerHeartbeats1795293547265';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE worker_heartbeats (worker_id text PRIMARY KEY, beat_at timestamptz NOT NULL DEFAULT now())',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE worker_heartbeats');
  }
}
