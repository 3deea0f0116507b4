/**
 * Every error the simulator answers with. Messages are the API description's, verbatim:
 * client code matches on them, so they live here once and are never spelled inline.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly wafCode?: number,
  ) {
    super(message);
  }
}

export const messages = {
  // authentication
  missingCredentials: 'Missing Credentials',
  tooManySessions: 'Too many active sessions. Log out of another session or wait until one expires.',
  invalidTwoFactorCode: 'Invalid 2FA code',
  twoFactorNotRequired: 'Two-factor authentication is not pending for this session.',
  // account
  signupsClosed: 'Sign-ups are not allowed on this domain.',
  usernameTaken: 'username is already taken',
  emailTaken: 'email is already in use',
  clearTutorialsForbidden: 'You do not have permission to clear tutorials completions for others.',
  userNotFound: (userId: string) => `User ${userId} not found`,
  // generic request problems
  notFound: 'Not found',
  malformedJson: 'Malformed JSON in request body',
  bodyNotObject: 'Request body must be a JSON object',
  internal: 'Internal server error',
  notAuthorized: 'You are not authorized to perform that action.',
} as const;

/** One error naming each invalid field, in the API's `<field> must be ...` style. */
export function invalidFields(problems: string[]): ApiError {
  return new ApiError(400, problems.join(', '));
}

export const WAF_SIGNUPS_CLOSED = 1001;
