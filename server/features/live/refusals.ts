import { AppError, invalidField, notFound } from '#server/errors.ts';
import { SfuError } from '#server/live/sfu.ts';

/** The show is not on air, or the chat session presented is over (or not this browser's). */
type WatchRefusal = 'chat.show_not_available' | 'chat.session_ended';
type Refusal = WatchRefusal | 'unavailable' | 'interrupted' | 'not_on_air' | 'unknown_subscription';

/**
 * What the live routes answer when they cannot do what was asked. A show nobody may watch now
 * answers like a chat start (spec part 2 section 8: the first key of `errors` names the reason);
 * a subscription of somebody else is as unknown as one that never was.
 */
export function liveRefused(reason: Refusal): AppError {
  switch (reason) {
    case 'unavailable':
      return new AppError('unavailable', { message: 'live_full' });
    // Her media server was lost and her studio is publishing again: the page tries again.
    case 'interrupted':
      return new AppError('unavailable', { message: 'live_interrupted' });
    case 'not_on_air':
      return new AppError('conflict', { message: 'not_on_air' });
    case 'unknown_subscription':
      return notFound();
    default:
      return new AppError('conflict', { message: reason, errors: { [reason]: [reason] } });
  }
}

/** The SFU's refusals as HTTP answers; anything else is a fault of ours and stays a 500. */
export function sfuRefusal(error: unknown): unknown {
  if (!(error instanceof SfuError)) return error;
  switch (error.code) {
    case 'invalid_sdp':
    case 'invalid_candidate':
      return invalidField('sdp', 'errors.validations.invalid');
    case 'no_publisher':
      return liveRefused('chat.show_not_available');
    case 'unknown_session':
      return notFound();
    case 'unavailable':
      return liveRefused('unavailable');
    default:
      return new AppError('conflict', { message: error.code });
  }
}
