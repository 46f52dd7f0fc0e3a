/** The orchestrators Baton reads. `orchestral` also stands for its successor Dure (`.dure/`). */
export const SYSTEMS = ['orc', 'orchestral', 'ultrawork', 'intents', 'orange'] as const;
export type SystemId = (typeof SYSTEMS)[number];
