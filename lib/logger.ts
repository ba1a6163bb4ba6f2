import { pino, type Logger } from 'pino';
import type { Config } from './config.ts';

// Structured JSON logs; keys, tokens and bodies are never logged.
export function createLogger(config: Pick<Config, 'logLevel'>, name: string): Logger {
  return pino({ name, level: config.logLevel, redact: ['req.headers.authorization', 'headers.authorization', '*.api_key'] });
}
