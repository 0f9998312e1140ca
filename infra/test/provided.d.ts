// Values the root global setup (infra/test/global-setup.ts) provides to every test project:
//   import { inject } from 'vitest'; inject('databaseUrl'); inject('kafkaBrokers')
// Optional because a project may also be run with only DATABASE_URL / KAFKA_BROKERS in the environment.
// (services/kit/src/testing/provided.d.ts declares the same keys with the same types; both may coexist.)
import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of the test PostgreSQL server (database `postgres`, user postgres). */
    databaseUrl?: string;
    /** Kafka bootstrap brokers, comma-separated host:port. */
    kafkaBrokers?: string;
  }
}
