// The part of madge's API the import-cycle test uses (the package ships no types).
declare module 'madge' {
  export interface MadgeConfig {
    fileExtensions?: string[];
    tsConfig?: string;
    baseDir?: string;
    detectiveOptions?: Record<string, Record<string, unknown>>;
  }
  export interface MadgeResult {
    /** Each file (relative to the common base folder) and the files it imports. */
    obj(): Record<string, string[]>;
    /** Each cycle as the list of files on it. */
    circular(): string[][];
    warnings(): { skipped: string[] };
  }
  export default function madge(path: string | string[], config?: MadgeConfig): Promise<MadgeResult>;
}
