import { apiAnswerLog } from './api-answer-log';

/**
 * Every answer the e2e suite receives from the test app is held to the service's OpenAPI document
 * (/api/docs.json): an answer outside it fails the test that caused it. Fix the document, or the
 * answer when it is the one at fault; never the checker.
 */
afterEach(() => {
  const violations = apiAnswerLog.take();
  if (violations.length === 0) return;
  const lines = [...new Set(violations.map((v) => `- ${v.answer}: ${v.message}`))];
  throw new Error(`Answers outside the API document (/api/docs.json):\n${lines.join('\n')}`);
});
