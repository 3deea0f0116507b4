/** A `POST /auth/register` body that passes every check, with `fields` over its defaults. */
export const registrationBody = <T extends object>(fields: T) => ({
  password: 'password123',
  acceptedTOSVersion: 0,
  captchaCode: '',
  day: '1',
  month: '1',
  year: '2000',
  subscribe: false,
  ...fields,
});
