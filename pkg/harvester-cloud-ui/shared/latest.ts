/**
 * Only the answer to the latest request is shown: a slower earlier one (the user paged on, or sorted again) must
 * not overwrite it. `start()` marks a new request and returns whether it is still the latest.
 */
export function latestOnly(): { start(): () => boolean } {
  let seq = 0;

  return {
    start() {
      const mine = ++seq;

      return () => mine === seq;
    },
  };
}
