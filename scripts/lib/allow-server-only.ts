/**
 * Lets a script load domain modules marked `server-only` (lib/commerce/checkout.ts, …). That
 * package throws unless it is resolved with the `react-server` condition, which only Next's
 * server bundles use; Jest maps it to nothing for the same reason. Import this module before any
 * such module: it puts the package's empty module in the require cache under its normal name.
 * For measurements and scripts only; the web process never needs it.
 */
import Module from 'node:module';

const id = require.resolve('server-only');
const stub = new Module(id);
stub.filename = id;
stub.loaded = true;
stub.exports = {};
require.cache[id] = stub;
