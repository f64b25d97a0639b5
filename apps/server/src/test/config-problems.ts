import { ConfigError, loadConfig } from '../config';

/** What loadConfig refuses in `env`, one line per problem; [] when it starts. */
export const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
};
