// Preloaded into the service processes of the two-instances drill (`node -r`). It shifts the clock
// that luxon, and through it `cron` (@nestjs/schedule's timer), sees, so that the every-5-minutes
// token scan fires on every instance at DRILL_CRON_FIRE_AT (Unix ms) rather than at the next real
// 5-minute boundary, which could be up to 5 minutes away. Nothing else in the service uses luxon:
// Date, PostgreSQL's now(), tokens and heartbeats keep the real time.
const fireAt = Number(process.env.DRILL_CRON_FIRE_AT);
if (fireAt > 0) {
  const { Settings } = require('luxon');
  const offset = Math.ceil(fireAt / 300_000) * 300_000 - fireAt;
  Settings.now = () => Date.now() + offset;
}
