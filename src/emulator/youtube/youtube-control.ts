import { FastifyInstance } from 'fastify';
import { ControlError, objectBody } from '../control/control-error';
import { EmulatorContext } from '../emulator-context';
import { YOUTUBE_VIDEOS } from './youtube-stored-objects';

/**
 * YouTube's own control endpoints, below /control/youtube/. `PUT /control/youtube/videos/{id}`
 * `{ failureReason }`: the upload's processing fails with that reason (YouTube's
 * `status.failureReason`: `codec`, `conversion`, `emptyFile`, `invalidFile`, `tooSmall`,
 * `uploadAborted`), as YouTube answers a file it cannot process.
 */
export function registerYouTubeControl(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;
  fastify.put<{ Params: { id: string } }>('/videos/:id', async (request) => {
    const body = objectBody(request.body);
    const video = state.objects.of(YOUTUBE_VIDEOS).get(request.params.id);
    if (!video) throw new ControlError(`There is no uploaded YouTube video ${request.params.id}.`);
    if (typeof body.failureReason !== 'string' || !body.failureReason)
      throw new ControlError('failureReason must be the reason YouTube gives (codec, conversion, …).');
    video.failureReason = body.failureReason;
    return { data: { id: video.id, uploadStatus: 'failed', failureReason: video.failureReason } };
  });
}
