import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { errorCodes, type scoring } from '@sais/events';
import { SingleBar } from 'cli-progress';
import { DetailedError, Upload } from 'tus-js-client';
import { NetworkError, PlatformError } from '../api.ts';
import { configPath } from '../config.ts';
import type { Context } from '../output.ts';

/** Where the platform takes resumable uploads (tus 1.0.0; decision 0009). */
export const tusPath = '/api/submission/tus';

/** What tus-js-client keeps of an upload begun (its `PreviousUpload`, not exported by its types). */
interface PreviousUpload {
  size: number | null;
  metadata: { [key: string]: string };
  creationTime: string;
  urlStorageKey: string;
  uploadUrl: string | null;
  parallelUploadUrls: string[] | null;
}

/**
 * The uploads begun and not finished, in a file beside the config (`uploads.json`, mode 0600), so a run
 * after an interruption continues where the platform stands instead of sending everything again.
 */
class FileUrlStorage {
  constructor(private readonly path: string) {}

  async #read(): Promise<(PreviousUpload & { fingerprint: string })[]> {
    try {
      return JSON.parse(await readFile(this.path, 'utf8'));
    } catch {
      return [];
    }
  }

  async #write(uploads: (PreviousUpload & { fingerprint: string })[]) {
    await mkdir(dirname(this.path), { recursive: true, mode: 0o700 });
    await writeFile(this.path, JSON.stringify(uploads, null, 2), { mode: 0o600 });
  }

  findAllUploads() {
    return this.#read();
  }

  async findUploadsByFingerprint(fingerprint: string) {
    return (await this.#read()).filter((upload) => upload.fingerprint === fingerprint);
  }

  async removeUpload(urlStorageKey: string) {
    await this.#write((await this.#read()).filter((upload) => upload.urlStorageKey !== urlStorageKey));
  }

  async addUpload(fingerprint: string, upload: PreviousUpload) {
    const urlStorageKey = `tus::${fingerprint}::${randomUUID()}`;
    await this.#write([...(await this.#read()), { ...upload, fingerprint, urlStorageKey }]);
    return urlStorageKey;
  }
}

/** The platform's envelope in a tus answer, or null. */
function envelopeOf(body: string | undefined): { code: number; message: string; data: unknown } | null {
  try {
    const parsed = JSON.parse(body ?? '');
    return typeof parsed?.code === 'number' ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * A result file over tus: resumed from the platform's offset after a dropped connection or a 503 (four retries
 * over 10 s in this run) or in a later run (the upload's address is kept until it finishes). Answers the
 * submission the final PATCH reports.
 */
export async function uploadResumable(
  context: Context,
  competitionId: string,
  bytes: Buffer,
  filename: string,
  description?: string,
): Promise<scoring.responses.SubmissionReceived> {
  const endpoint = context.api.url(tusPath).toString();
  // The same file for the same competition on the same platform (with the same message) is the same upload.
  const fingerprint = createHash('sha256')
    .update(`${endpoint}\n${competitionId}\n${description ? `${description}\n` : ''}`)
    .update(bytes)
    .digest('hex');
  const bar =
    context.interactive && !context.json
      ? new SingleBar({
          format: `${filename} [{bar}] {percentage}% {value}/{total} B`,
          stream: process.stderr,
          hideCursor: true,
        })
      : null;
  return new Promise((resolve, reject) => {
    const upload = new Upload(bytes, {
      endpoint,
      headers: context.api.headers(),
      metadata: { competitionId, filename, ...(description ? { description } : {}) },
      fingerprint: async () => fingerprint,
      urlStorage: new FileUrlStorage(join(dirname(configPath(context.env)), 'uploads.json')),
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      // tus-js-client sends again after a dropped connection or a 5xx (a 503 while storage is unavailable
      // did nothing; decision 0027), resuming from the platform's offset: 4 more tries over 10 s, the
      // same span as \`Api.fetch\`'s. (It does not read Retry-After; these waits are at least its 2 s.)
      retryDelays: [1000, 2000, 3000, 4000],
      onProgress: (sent, total) => {
        if (bar && !bar.isActive) bar.start(total, sent);
        bar?.update(sent);
      },
      onSuccess: ({ lastResponse }) => {
        bar?.stop();
        const envelope = envelopeOf(lastResponse.getBody());
        if (!envelope)
          return reject(new NetworkError(context.t('notJson', { status: lastResponse.getStatus() })));
        if (envelope.code !== errorCodes.ok)
          return reject(
            new PlatformError(envelope.code, envelope.message, lastResponse.getStatus(), envelope.data),
          );
        resolve(envelope.data as scoring.responses.SubmissionReceived);
      },
      onError: (error) => {
        bar?.stop();
        const response = error instanceof DetailedError ? error.originalResponse : null;
        const envelope = response ? envelopeOf(response.getBody()) : null;
        if (response && envelope)
          return reject(
            new PlatformError(envelope.code, envelope.message, response.getStatus(), envelope.data),
          );
        reject(
          new NetworkError(
            context.t('network', {
              url: context.api.options.url,
              reason: (error instanceof DetailedError ? error.causingError?.message : null) ?? error.message,
            }),
          ),
        );
      },
    });
    void upload.findPreviousUploads().then(
      (previous) => {
        const last = previous.at(-1);
        if (last) {
          if (!context.json) context.err(context.t('uploadResumed'));
          upload.resumeFromPreviousUpload(last);
        }
        upload.start();
      },
      (error: Error) => reject(error),
    );
  });
}
