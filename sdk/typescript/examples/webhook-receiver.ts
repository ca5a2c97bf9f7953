// A webhook receiver on node:http that verifies each delivery with verifyWebhook and handles it by
// its type. Point the webhook at it (PUT /api/v1/webhooks), then send one: POST /api/v1/webhooks/test.
//
//   WEBHOOK_SECRET=whsec_… PORT=8080 npx ts-node --transpile-only sdk/typescript/examples/webhook-receiver.ts
// During a secret rotation, set WEBHOOK_SECRET to "new,old": either signature verifies.
import { createServer } from 'node:http';
import { verifyWebhook, WebhookEvent, WebhookVerificationError } from '@social-publishing/sdk';

const secrets = (process.env.WEBHOOK_SECRET ?? '').split(',').filter(Boolean);
if (secrets.length === 0) throw new Error('Set WEBHOOK_SECRET');
const seen = new Set<string>(); // delivery is at least once: keep the ids handled (in your database)

function handle(event: WebhookEvent): void {
  switch (event.event) {
    case 'account.connected':
      return console.log(`connected @${event.data.username} (${event.data.platform}) for ${event.tenantId}`);
    case 'post.published':
      return console.log(`published ${event.data.servicePostId}: ${event.data.permalink ?? event.data.platformPostId}`);
    case 'post.failed':
      return console.log(`failed ${event.data.servicePostId}: ${event.data.errorCode} ${event.data.error}`);
    case 'post.completed':
      return console.log(`post ${event.data.servicePostId} ${event.data.status}`, event.data.counts);
    default:
      return console.log(event.event, event.data);
  }
}

createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    try {
      // The exact bytes received: parsing and re-serializing the JSON would change what was signed.
      const event = verifyWebhook(secrets, request.headers, Buffer.concat(chunks));
      if (!seen.has(event.id)) {
        seen.add(event.id);
        handle(event);
      }
      response.writeHead(204).end(); // answer at once; do slow work elsewhere
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
      console.warn(`refused a delivery: ${error.message}`);
      response.writeHead(401).end();
    }
  });
}).listen(Number(process.env.PORT ?? 8080));
