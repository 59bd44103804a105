declare const __APP_NAME__: string;
declare const __BUILD_VERSION__: string;
declare const __SHARED_VERSIONS__: Record<string, string>;
declare const __SINGLE_BUNDLE__: boolean;
