/** The time source: services take one so tests can hold time still. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
