/** Entry point of the avalanche page (avalanche.html). */
import './styles.css';
import './chain/chain.css';
import './avalanche/avalanche.css';
import { startAvalancheApp } from './avalanche/app';

startAvalancheApp();
