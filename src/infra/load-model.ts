// Infrastructure reads models the same way the design commands do.
export { loadModelModule as loadModel } from '../model/load-model-module.js';
