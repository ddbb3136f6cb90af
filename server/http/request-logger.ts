import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type LogFn = (...args: unknown[]) => void;
/** What pino's loggers have beside FastifyBaseLogger; the parent is always one of them. */
type Parent = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

/**
 * A request's logger that becomes pino's child (the request id bound) on the first line it writes
 * at an enabled level. Fastify makes a child for every request, and most requests write nothing
 * outside production (request lines are debug there, decision 055): the child, with its bindings
 * serialised up front, was among the largest costs of a cheap API read. Lines that are written
 * come from the same child, so they read exactly as before.
 */
class RequestLogger {
  #child: FastifyBaseLogger | undefined;
  readonly #parent: Parent;
  readonly #bindings: Bindings;

  constructor(parent: Parent, bindings: Bindings) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  #logger(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings);
    return this.#child;
  }

  #write(level: Level, args: unknown[]) {
    if (this.#child === undefined && !this.#parent.isLevelEnabled(level)) return;
    const logger = this.#logger();
    (logger[level] as LogFn).apply(logger, args);
  }

  get level() {
    return this.#child?.level ?? this.#parent.level;
  }
  set level(level: string) {
    this.#logger().level = level;
  }
  isLevelEnabled(level: string) {
    return ((this.#child ?? this.#parent) as Parent).isLevelEnabled(level);
  }
  fatal(...args: unknown[]) {
    this.#write('fatal', args);
  }
  error(...args: unknown[]) {
    this.#write('error', args);
  }
  warn(...args: unknown[]) {
    this.#write('warn', args);
  }
  info(...args: unknown[]) {
    this.#write('info', args);
  }
  debug(...args: unknown[]) {
    this.#write('debug', args);
  }
  trace(...args: unknown[]) {
    this.#write('trace', args);
  }
  silent() {}
  child(...args: Parameters<FastifyBaseLogger['child']>) {
    return this.#logger().child(...args);
  }
}

/**
 * Fastify's per-request child logger, made when first written to. A route with its own level or
 * serializers gets its child at once, as Fastify would make it.
 */
export const lazyChildLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) => {
  if (options.level !== undefined || options.serializers !== undefined) return logger.child(bindings, options);
  return new RequestLogger(logger as Parent, bindings) as unknown as FastifyBaseLogger;
};
