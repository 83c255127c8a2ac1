// Exposes only the label printer to the page; no Node APIs reach it.
const { contextBridge, ipcRenderer } = require('electron');

contextBridge.exposeInMainWorld('phial', {
  printLabel: (label) => ipcRenderer.invoke('print-label', { text: String(label.text), copies: 1 }),
});
