/** The newest project migration orc a48c6caf knows: a `_migrations` row with a higher version is a newer orc. */
export const ORC_PROJECT_SCHEMA_VERSION = 73;
/** The newest global migration orc a48c6caf knows. */
export const ORC_GLOBAL_SCHEMA_VERSION = 13;
