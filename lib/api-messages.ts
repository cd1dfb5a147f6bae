/**
 * The catalogue of what the intake API and the server answer a client that sent something they cannot
 * take: each kind with its HTTP status, a stable code, a title and the sentence of the answer's
 * `{"error": ...}`, which says what happened and what to send instead. The form fields' own messages
 * (a 422's `{"errors": {...}}`) are the spec's, in lib/forms/. The server picks a kind and gives the
 * particulars; nobody writes an answer's words anywhere else (tools/errors.test.ts).
 *
 * lib/errors.ts holds the errors that stop a command, lib/problems.ts the content problems.
 */

/** One kind of answer. */
export interface ApiMessage<P> {
  status: number
  /** Stable name, for the reference in docs/errors.md. */
  code: string
  title: string
  /** The sentence of `{"error": ...}`: what happened, and what to send instead. */
  error: (params: P) => string
  /** Particulars that make a typical answer, for the reference. */
  example: P
}

const answer = <P>(m: ApiMessage<P>): ApiMessage<P> => m

/** A status and the JSON body the API answers with. */
export interface ApiAnswer {
  status: number
  body: { error: string }
}

/** The answer of one kind, with its particulars. */
export function apiAnswer<P>(kind: ApiMessage<P>, params: P): ApiAnswer {
  return { status: kind.status, body: { error: kind.error(params) } }
}

/** Every answer of the API and the server that is not a success or a form's field messages. */
export const API_MESSAGES = {
  // The request itself
  NoHost: answer<void>({
    status: 400,
    code: 'no-host',
    title: 'No Host header',
    error: () => 'The request has no Host header, which HTTP/1.1 requires; name the site it is for.',
    example: undefined,
  }),
  NotHttp: answer<void>({
    status: 400,
    code: 'not-http',
    title: 'Not HTTP/1.1',
    error: () => 'The request is not valid HTTP/1.1.',
    example: undefined,
  }),
  HeadersTooLarge: answer<void>({
    status: 431,
    code: 'headers-too-large',
    title: 'Headers too large',
    error: () => 'The request headers are too large; send fewer or shorter headers (cookies included).',
    example: undefined,
  }),
  TooSlow: answer<void>({
    status: 408,
    code: 'request-timeout',
    title: 'The request took too long',
    error: () => 'The request took too long to arrive; send it again in one go.',
    example: undefined,
  }),
  UnmetExpectation: answer<void>({
    status: 417,
    code: 'unmet-expectation',
    title: 'An Expect header the server does not meet',
    error: () => 'The request expects something this server does not do; send it without the Expect header.',
    example: undefined,
  }),
  BadUrl: answer<void>({
    status: 400,
    code: 'bad-url',
    title: 'A URL that cannot be read',
    // The URL itself is never echoed: a client may have put anything in it.
    error: () => 'The URL cannot be read: it holds a %-escape that is not UTF-8 text.',
    example: undefined,
  }),
  BadContentLength: answer<void>({
    status: 400,
    code: 'bad-content-length',
    title: 'Content-Length does not match',
    error: () => 'The Content-Length header does not match the length of the body.',
    example: undefined,
  }),
  TooManyConnections: answer<{ perClient: number }>({
    status: 429,
    code: 'too-many-connections',
    title: 'Too many connections from one client',
    error: (p) =>
      `Too many open connections from this address (at most ${p.perClient}); close some and try again.`,
    example: { perClient: 128 },
  }),
  Unreadable: answer<void>({
    status: 400,
    code: 'unreadable-request',
    title: 'A request that cannot be read',
    error: () => 'The request could not be read.',
    example: undefined,
  }),

  // Who may post, and how often
  ForeignOrigin: answer<void>({
    status: 403,
    code: 'foreign-origin',
    title: 'A form from another site',
    error: () => 'This API takes forms only from the site itself; the Origin of this request is not allowed.',
    example: undefined,
  }),
  RateLimited: answer<{ retryAfterSeconds: number }>({
    status: 429,
    code: 'rate-limited',
    title: 'Too many requests from one client',
    error: (p) => `Too many requests from this address; try again in ${p.retryAfterSeconds} s.`,
    example: { retryAfterSeconds: 12 },
  }),

  // Where and how
  NoEndpoint: answer<{ path: string }>({
    status: 404,
    code: 'no-endpoint',
    title: 'No such endpoint',
    error: (p) => `There is no API endpoint at ${p.path}.`,
    example: { path: '/api/contact' },
  }),
  MethodNotAllowed: answer<{ method: string }>({
    status: 405,
    code: 'method-not-allowed',
    title: 'Only POST',
    error: (p) => `${p.method} is not allowed here; send the form with POST.`,
    example: { method: 'GET' },
  }),
  NotJson: answer<void>({
    status: 415,
    code: 'not-json',
    title: 'Neither JSON nor a form',
    error: () =>
      'Send the form as JSON (Content-Type: application/json) or as an HTML form (application/x-www-form-urlencoded).',
    example: undefined,
  }),
  NotUtf8: answer<{ charset: string }>({
    status: 415,
    code: 'not-utf8',
    title: 'Not UTF-8',
    error: (p) => `The body must be UTF-8; charset=${p.charset} is not read.`,
    example: { charset: 'iso-8859-1' },
  }),
  Compressed: answer<{ encoding: string }>({
    status: 415,
    code: 'compressed-body',
    title: 'A compressed body',
    error: (p) => `Send the body uncompressed; Content-Encoding: ${p.encoding} is not read.`,
    example: { encoding: 'gzip' },
  }),
  TooLarge: answer<{ kb: number }>({
    status: 413,
    code: 'body-too-large',
    title: 'A body too large',
    error: (p) => `The request body is larger than ${p.kb} KB; a form submission is much smaller.`,
    example: { kb: 16 },
  }),

  // The body
  EmptyBody: answer<void>({
    status: 400,
    code: 'empty-body',
    title: 'An empty body',
    error: () => 'The request body is empty; send the form as a JSON object.',
    example: undefined,
  }),
  NotJsonText: answer<{ detail: string }>({
    status: 400,
    code: 'bad-json',
    title: 'Broken JSON',
    error: (p) => `The request body is not valid JSON: ${p.detail.replace(/\.$/, '')}.`,
    example: { detail: 'Unexpected token } in JSON at position 14' },
  }),
  TooDeep: answer<{ depth: number }>({
    status: 400,
    code: 'too-deep',
    title: 'A body nested too deeply',
    error: (p) =>
      `The request body nests objects or arrays more than ${p.depth} levels deep; send the form as one flat JSON object.`,
    example: { depth: 16 },
  }),
  ProtoKey: answer<void>({
    status: 400,
    code: 'proto-key',
    title: 'A __proto__ key',
    error: () => 'The request body holds a "__proto__" key, which is not allowed.',
    example: undefined,
  }),
  Unstorable: answer<{ what: 'nul' | 'surrogate'; where: string }>({
    status: 400,
    code: 'unstorable-text',
    title: 'Text no database can store',
    error: (p) =>
      `The request body holds text that cannot be stored: ${
        p.what === 'nul'
          ? 'a NUL character (\\u0000)'
          : 'half of a UTF-16 surrogate pair (\\ud800-\\udfff alone)'
      } in ${p.where}. Send the text without it.`,
    example: { what: 'nul', where: '"name"' },
  }),
  RepeatedField: answer<{ field: string }>({
    status: 400,
    code: 'repeated-field',
    title: 'A form field sent twice',
    error: (p) => `The form sends the field ${p.field} more than once; send each field once.`,
    example: { field: '"email"' },
  }),
  NotAnObject: answer<void>({
    status: 400,
    code: 'not-an-object',
    title: 'A body that is not an object',
    error: () => 'The request body must be a JSON object with the form fields.',
    example: undefined,
  }),
  BadIdempotencyKey: answer<void>({
    status: 400,
    code: 'bad-idempotency-key',
    title: 'A malformed Idempotency-Key',
    error: () => 'The Idempotency-Key header must be one value of 1 to 255 visible ASCII characters.',
    example: undefined,
  }),
  IdempotencyKeyReused: answer<void>({
    status: 409,
    code: 'idempotency-key-reused',
    title: 'An Idempotency-Key used for other data',
    error: () => 'This Idempotency-Key was already used for a different request; use a new key for new data.',
    example: undefined,
  }),

  // The server
  StorageBusy: answer<{ retryAfterSeconds: number }>({
    status: 503,
    code: 'storage-busy',
    title: 'The database is busy or unreachable',
    error: (p) =>
      `The form could not be saved just now (the database is busy); nothing was stored. Try again in ${p.retryAfterSeconds} s.`,
    example: { retryAfterSeconds: 5 },
  }),
  ServerFailed: answer<void>({
    status: 500,
    code: 'server-failed',
    title: 'A bug in the server',
    error: () =>
      'The server could not handle this request; a form sent with it was not saved. Please try again later.',
    example: undefined,
  }),
} as const

/**
 * The words of the pages the intake API answers a form sent without JavaScript (server/form-page.ts),
 * around the catalogue's sentences above, the form fields' own messages (lib/forms/) and what a
 * received form says (lib/forms/received.ts, shared with the browser).
 */
export const FORM_PAGE_WORDS = {
  invalidTitle: 'Please check the form',
  invalidLead: 'Nothing was sent yet. Correct what is marked below and send the form again.',
  summaryTitle: 'There is a problem',
  refusedTitle: 'The form was not sent',
  refusedWithValues: 'What you typed is below: send it again when you are ready.',
  refusedWithoutValues: "Go back with your browser's Back button: the form still holds what you typed.",
  required: 'Fields marked * are required.',
  chooseProduct: 'Choose your product',
  send: 'Submit',
  sendAgain: 'Send again',
  home: 'Back to the website',
  formAgain: 'Open the form again',
  /** What each page is about, over its heading. */
  forms: { contact: 'Contact Us', enquiry: 'Product enquiry', warranty: 'Warranty activation' },
} as const
