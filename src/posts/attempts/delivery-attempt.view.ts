import { ApiProperty } from '@nestjs/swagger';
import { NETWORK_OPERATIONS } from '../../observability';
import { ATTEMPT_OUTCOMES, WAIT_REASONS } from './attempt-trace';

export class AttemptCallView {
  @ApiProperty({ enum: NETWORK_OPERATIONS, enumName: 'NetworkOperation', example: 'publish' })
  operation!: string;

  @ApiProperty({ example: 'POST' })
  method!: string;

  @ApiProperty({
    example: '/2/tweets',
    description: "The request's path with ids replaced by {id}; never its query, headers or body",
  })
  path!: string;

  @ApiProperty({ type: 'integer', nullable: true, example: 201, description: 'null when no answer came' })
  status!: number | null;

  @ApiProperty({ type: 'integer', minimum: 0, example: 182 })
  durationMs!: number;
}

export class AttemptCheckpointView {
  @ApiProperty({ type: String, format: 'date-time' })
  at!: string;

  @ApiProperty({
    type: [String],
    example: ['containerId'],
    description: "What the network confirmed at this step, as the fields of the delivery's progress that were saved",
  })
  saved!: string[];
}

export class AttemptErrorView {
  @ApiProperty({ example: 'rate_limited' })
  code!: string;

  @ApiProperty({ example: 'Rate limit exceeded' })
  message!: string;
}

export class AttemptWaitView {
  @ApiProperty({
    enum: WAIT_REASONS,
    enumName: 'AttemptWaitReason',
    description:
      "rate_limit: the network's rate-limit window; usage_cap: a usage cap or quota for a period; processing: the " +
      'network still processing a container or a video; backoff: after a failure of the network; own_error: after an ' +
      'error of our own',
  })
  reason!: string;

  @ApiProperty({ type: String, format: 'date-time', description: 'When the next attempt was due' })
  until!: string;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'The reset time the network gave for its rate limit or cap; null when it gave none',
  })
  networkResetAt!: string | null;
}

export class DeliveryAttemptView {
  @ApiProperty({ example: 'dat_5Rk2mQ9xWb3nJ7pL0aVc4e' })
  id!: string;

  @ApiProperty({
    type: 'integer',
    minimum: 1,
    example: 1,
    description: "The delivery's attempt count at this attempt (a retry of a failed delivery starts it again from 1)",
  })
  number!: number;

  @ApiProperty({ type: String, format: 'date-time' })
  startedAt!: string;

  @ApiProperty({ type: String, format: 'date-time' })
  endedAt!: string;

  @ApiProperty({ type: 'integer', minimum: 0, example: 412 })
  durationMs!: number;

  @ApiProperty({
    example: 'worker_3f9a0c21d7e4',
    description: 'The worker that made the attempt: the same name for the same worker, never its host',
  })
  worker!: string;

  @ApiProperty({ description: 'It looked on the network first for a post an earlier attempt may have made' })
  resuming!: boolean;

  @ApiProperty({ enum: ATTEMPT_OUTCOMES, enumName: 'AttemptOutcome', example: 'published' })
  outcome!: string;

  @ApiProperty({ type: AttemptErrorView, nullable: true, description: 'Why it failed or waits; null when published' })
  error!: AttemptErrorView | null;

  @ApiProperty({ type: AttemptWaitView, nullable: true, description: 'Why the next attempt waited; null when none' })
  wait!: AttemptWaitView | null;

  @ApiProperty({ type: [AttemptCallView], description: 'The calls made to the network, in order (100 at most)' })
  calls!: AttemptCallView[];

  @ApiProperty({ type: [AttemptCheckpointView], description: 'The steps the network confirmed, in order' })
  checkpoints!: AttemptCheckpointView[];

  @ApiProperty({
    type: 'integer',
    minimum: 0,
    description: 'Attempts before this one that did not finish (their worker stopped) and left no trace',
  })
  unfinishedBefore!: number;

  @ApiProperty({
    example: 'Attempt 1 made 2 network calls, and published the post.',
    description: 'The attempt in plain words',
  })
  summary!: string;
}
