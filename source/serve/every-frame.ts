// Imported for its effect, before anything that loads Ink: Ink (through is-in-ci) draws only a
// screen's last frame when the environment says CI, as a build log wants. A server's screens are
// its clients' terminals, whatever the host's environment says, so the server runs without those
// variables. Whoever imports Ink first decides, so the server's modules and its tests import this
// one first.
import process from 'node:process';

for (const name of ['CI', 'CONTINUOUS_INTEGRATION']) delete process.env[name];
