import type { IconPaths } from '@blueprintjs/icons';

/**
 * The 16 px icons the product names itself (iconLoader.test.ts keeps the list complete): a table of ≈ 90
 * entries instead of Blueprint's ≈ 1.000, so the first load carries ≈ 1 kB of it instead of ≈ 12 kB
 * (issue 38). Any other icon comes from the whole table (paths16.ts), loaded only when one is drawn.
 */
export const product16 = import.meta.glob<IconPaths>('./{add,add-row-bottom,arrow-down,arrow-left,arrow-right,arrow-up,bank-account,build,changes,chevron-down,chevron-left,chevron-right,circle,clipboard,code,cog,confirm,cross,cut,dashboard,disable,document,download,duplicate,edit,endorsed,envelope,error,euro,export,flag,floppy-disk,function,grid,help,history,home,info-sign,input,key,label,layers,layout,link,list,lock,log-out,manual,map,menu,menu-closed,menu-open,mobile-phone,model,more,move,multi-select,new-person,office,paperclip,path,people,percentage,plus,polygon-filter,projects,properties,redo,refresh,remove,reset,saved,search,select,share,small-cross,style,th,tick,tick-circle,time,trash,undo,upload,user,video,warning-sign,waterfall-chart}.js', {
  base: '../../../node_modules/@blueprintjs/icons/lib/esm/generated/16px/paths/',
  import: 'default',
});
