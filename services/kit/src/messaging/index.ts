// The bus: in-process or Kafka transports and the outbox relay (library).
export * from './transport.ts';
export * from './in-process.ts';
export * from './kafka.ts';
export * from './relay.ts';
