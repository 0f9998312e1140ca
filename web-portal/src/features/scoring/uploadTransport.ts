import { scoring } from '@sais/events';
import { Upload } from 'tus-js-client';
import type { ApiClient } from '../../api/client';
import type { UploadResult } from './types';

/** The server takes multipart result files up to this size (events' `scoring.resultFileLimits`). */
export const maxMultipartBytes = scoring.resultFileLimits.multipartBytes;
/** The largest result file at all, through the resumable upload. */
export const maxResultBytes = scoring.resultFileLimits.resumableBytes;
/** Files above this go through tus, so a dropped connection resumes where it stopped. */
export const resumableAbove = 8 * 1024 * 1024;
/** Waits between tus retries after a dropped connection, in ms. */
const retryDelays = [0, 1000, 3000, 5000, 10_000, 20_000];

export type Progress = (fraction: number) => void;

/**
 * Sends a result file the way its size asks for: multipart with upload progress (XMLHttpRequest,
 * as fetch reports none) up to `resumableAbove`, the tus protocol above it. Either way the answer
 * is settled by the API client, with its notices and its 401 handling.
 */
export function sendResultFile(
  client: ApiClient,
  competitionId: string,
  file: File,
  onProgress: Progress = () => undefined,
  /** The submitter's message kept with the submission (issue 22; the server trims it, ≤ 500 characters). */
  description?: string,
): Promise<UploadResult> {
  return file.size > resumableAbove
    ? resumable(client, competitionId, file, onProgress, description)
    : multipart(client, competitionId, file, onProgress, description);
}

function multipart(
  client: ApiClient,
  competitionId: string,
  file: File,
  onProgress: Progress,
  description?: string,
) {
  const form = new FormData();
  // The competition and the message before the file: the server checks them before reading it.
  form.append('competitionId', competitionId);
  if (description) form.append('description', description);
  form.append('file', file, file.name);
  return new Promise<UploadResult>((resolve, reject) => {
    const settle = settler(resolve, reject);
    const request = new XMLHttpRequest();
    request.open('POST', `${client.baseUrl}/submission/upload`);
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Accept-Language', client.language());
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () =>
      settle(() => client.settleText<UploadResult>(request.status, request.responseText));
    request.onerror = () => settle(() => client.transportFailure(new Error('upload failed')));
    request.send(form);
  });
}

function resumable(
  client: ApiClient,
  competitionId: string,
  file: File,
  onProgress: Progress,
  description?: string,
) {
  return new Promise<UploadResult>((resolve, reject) => {
    const settle = settler(resolve, reject);
    const endpoint = `${client.baseUrl}/submission/tus`;
    const upload = new Upload(file, {
      endpoint,
      metadata: { competitionId, filename: file.name, ...(description ? { description } : {}) },
      // tus-js-client's own fingerprint with the message: the same file sent with another message is a
      // new upload (an upload's metadata is fixed when it is created).
      fingerprint: async () =>
        ['tus-br', file.name, file.type, file.size, file.lastModified, endpoint, description ?? ''].join('-'),
      headers: { 'Accept-Language': client.language() },
      retryDelays,
      // Resumes an interrupted upload of the same file after a reload, too.
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) => onProgress(total ? sent / total : 0),
      onSuccess: ({ lastResponse }) =>
        settle(() => client.settleText<UploadResult>(lastResponse.getStatus(), lastResponse.getBody())),
      onError: (error) => {
        const response = 'originalResponse' in error ? error.originalResponse : null;
        settle(() =>
          response
            ? client.settleText<UploadResult>(response.getStatus(), response.getBody())
            : client.transportFailure(error),
        );
      },
    });
    void upload
      .findPreviousUploads()
      .then((previous) => {
        if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
      })
      .finally(() => upload.start());
  });
}

/** Resolves with what `answer` returns, or rejects with what it throws (the client's ApiError). */
function settler<T>(resolve: (value: T) => void, reject: (error: unknown) => void) {
  return (answer: () => T) => {
    try {
      resolve(answer());
    } catch (error) {
      reject(error);
    }
  };
}
