import type { ConsoleTopic } from '#common/domain/console-policy.ts';
import type { Realtime } from '#server/realtime/hub.ts';

/**
 * Tells the consoles of the operators who may see them that these topics changed (a support
 * message came, an upload waits for review, a colleague decided): their screens and dashboard
 * read them again. Call it after the change committed.
 */
export function consoleChanged(realtime: Realtime, topics: readonly ConsoleTopic[]) {
  realtime.toOperators(topics, 'console:changed', { topics: [...topics] });
}
