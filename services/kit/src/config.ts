// The platform's configuration, at the bottom so that every floor may read it (decision 0042).
export interface PlatformConfig {
  /** Folder for the embedded database and local files. */
  dataDir: string;
  /** Folder for keys, apart from the data (default: `SAIS_KEYS_DIR`, else `<dataDir>-keys`; see keys/keys.ts). */
  keysDir?: string;
  env: NodeJS.ProcessEnv;
}
