import 'i18next';
import type enUS from './enUS.json';
import type admin from './admin.enUS.json';
import type legal from './legal.enUS.json';
import type portfolio from './portfolio.enUS.json';

/** Translation keys are typed from the English files: a missing or misspelt key fails `tsc`. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof enUS; legal: typeof legal; admin: typeof admin; portfolio: typeof portfolio };
    returnNull: false;
  }
}
