// Explore's fixed lists, free of schemas (the web app reads them without the validation library).
// tonight: this night (06:00–06:00 Madrid); weekend: Friday to Sunday night; date: the night of `date`;
// week: the next seven nights (the default).
export const EXPLORE_WHEN = ['tonight', 'weekend', 'date', 'week'] as const;
export type ExploreWhen = (typeof EXPLORE_WHEN)[number];

// What a club's marker says about tonight: an event under way, one later tonight, or nothing tonight.
export const TONIGHT_STATES = ['live', 'tonight', 'none'] as const;
export type TonightState = (typeof TONIGHT_STATES)[number];
