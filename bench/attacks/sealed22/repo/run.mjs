// Starts the compiled PureScript server (spago build writes output/).
import { main } from "./output/Main/index.js";
main();
