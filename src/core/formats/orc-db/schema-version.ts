/** The newest project migration orc a48c6caf knows: a `_migrations` row with a higher version is a newer orc. */
export const ORC_PROJECT_SCHEMA_VERSION = 73;
/** The newest global migration orc a48c6caf knows. */
export const ORC_GLOBAL_SCHEMA_VERSION = 13;
/**
 * The first project migration of orc's database era (e892a2fc, 2026-01-15: "pure SQL storage", the database the only
 * store). File-era orc (`orc init` and most commands) kept a .orc/orc.db too, migrated up to version 11, with a
 * `tasks` table that only cached a few fields of the YAML files, which stayed the truth.
 */
export const ORC_DATABASE_ERA_SCHEMA_VERSION = 12;
