/**
 * Messages of the account calls (sign-in, profile, uploads). The server answers with the English
 * text; the web app translates them by key (`serverMessages.<key>`). None of them says whether an
 * account exists. A module of their own, without zod: the web's first view says these messages, and a
 * schema in a module it loads is built as that module loads (decision 035).
 */
export const AccountMessage = {
  codeFailed: 'The code is incorrect or has expired. Request a new code and try again.',
  passwordFailed: 'The e-mail address or password is incorrect.',
  credentialsInQuery: 'Send credentials in the JSON body, never in the URL.',
  googleNotConfigured: 'Google sign-in is not set up on this server.',
  googleUnavailable: 'Google sign-in is unavailable right now. Please try again later.',
  googleFailed: 'Google sign-in did not complete. Please try again.',
  googleState: 'This sign-in has expired or was already used. Please start again.',
  googleUnverified: 'Your Google account has no verified e-mail address.',
  googleLinkedElsewhere: 'This e-mail address is linked to another Google account.',
  currentPasswordWrong: 'The current password is incorrect.',
  currentPasswordRequired: 'Enter your current password to set a new one.',
  avatarMissing: 'Upload the avatar first.',
  notAnImage: 'This file is not an image we can read. Use a JPEG, PNG, WebP, GIF or AVIF picture.',
  imageTooLarge: 'The image is larger than 5 MB.',
} as const;
export type AccountMessageKey = keyof typeof AccountMessage;
