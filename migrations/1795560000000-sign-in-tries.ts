import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How many times the service's sign-in page of a connect attempt was tried (a network whose users
 * sign in with a password the network issues for apps: Bluesky). Bounded per attempt, and counted
 * before each try, so a form posted many times at once guesses no more often than one posted in turn.
 */
export class SignInTries1795560000000 implements MigrationInterface {
  name = 'SignInTries1795560000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE connect_attempts ADD COLUMN sign_in_tries integer NOT NULL DEFAULT 0`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE connect_attempts DROP COLUMN sign_in_tries`);
  }
}
