// Imported first by server/index.js: React and React Router pick their build (development or
// production) from NODE_ENV when they are first loaded, so it must be set before any of them.
const dev = process.argv.includes("--dev");
process.env.NODE_ENV ??= dev ? "development" : "production";
