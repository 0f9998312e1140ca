// `npm run events:verify`: checks the hash chain of every stream of every service.
import { openForTool } from './open.ts';

const { database, stores } = await openForTool();
let broken = false;
try {
  for (const [service, store] of stores) {
    const result = await store
      .verify()
      .catch((error: Error) => ({ ok: false as const, error: error.message }));
    if (result.ok) {
      console.log(`${service}: ok, ${result.checked} events`);
    } else if ('firstBroken' in result) {
      broken = true;
      const at = result.firstBroken;
      console.log(
        `${service}: BROKEN at stream ${at.streamId} version ${at.streamVersion} (event ${at.eventId}): ${at.reason}`,
      );
    } else {
      broken = true;
      console.log(`${service}: cannot verify: ${result.error}`);
    }
  }
} finally {
  await database.close();
}
process.exit(broken ? 1 : 0);
