import { describe, it } from 'vitest';
import { messages } from '../../src/errors.js';
import { expectError, ids, replyOf, testSandbox } from '../support/helpers.js';

const multipartRoutes = [
  '/file/image',
  '/icon',
  '/gallery',
  `/invite/${ids.bob}/photo`,
  `/requestInvite/${ids.bob}/photo`,
  '/invite/not_a_notification/response/photo',
];

describe('multipart bodies', () => {
  it.each(multipartRoutes)('POST %s refuses a body that is not the multipart its Content-Type names with 400', async (path) => {
    const t = testSandbox();
    const alice = await t.login('alice');
    const response = await t.app.request(`/api/1${path}`, {
      method: 'POST',
      headers: { cookie: alice, 'content-type': 'multipart/form-data; boundary=x' },
      body: '{"a":1}',
    });
    expectError(await replyOf(response), 400, messages.multipartMalformed);
  });

  it.each(multipartRoutes)('POST %s refuses a JSON body with 400', async (path) => {
    const t = testSandbox();
    const alice = await t.login('alice');
    const response = await t.app.request(`/api/1${path}`, {
      method: 'POST',
      headers: { cookie: alice, 'content-type': 'application/json' },
      body: '{"a":1}',
    });
    expectError(await replyOf(response), 400, messages.multipartExpected);
  });
});
