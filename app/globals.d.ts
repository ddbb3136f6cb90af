/** The build id Vite bakes into the bundle; compared with the server's x-version. */
declare const __BUILD_ID__: string;
