import { createApp } from 'vue';
import { createPinia } from 'pinia';
import App from './App.vue';
import { startRouter } from './router';
import { startSettingsSync } from './settings';
import { installLibrary } from './library';
import { startDemoRows } from './rows';
import 'vue-grid-view/style.css';
import './playground.css';

startSettingsSync();
startRouter();

const app = createApp(App);
app.use(createPinia());
installLibrary(app);
// The shell mounts and paints at once; the pages follow when the server's row count is known (they
// then generate the rows). Without an answer they use the default count (the console says why): the
// pages still work, only an export may then hold other rows.
app.mount('#app');
void startDemoRows();
