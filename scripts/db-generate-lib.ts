/** The PostgreSQL copy of the one model definition: only the provider and client folder differ. */
export function postgresSchema(sqliteSchema: string) {
  return sqliteSchema
    .replace('provider = "sqlite"', 'provider = "postgresql"')
    .replace("../app/generated/prisma-sqlite", "../../app/generated/prisma-postgres");
}
