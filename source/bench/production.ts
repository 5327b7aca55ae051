// Imported first by the bench's entry, before anything that loads React: its production build, as
// potm draws with (command-line/dispatch.ts), since the development checks cost several times a frame's work.
process.env['NODE_ENV'] ??= 'production';
