/** Entry point of the chain lab page (chain.html): the four-sphere collision benchmark. */
import './styles.css';
import './chain/chain.css';
import { startChainApp } from './chain/app';

startChainApp();
